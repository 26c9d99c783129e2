/*
 * The help center's static content (spec §2 "Help center"): four groups and their items, in the
 * specification's order. The answers speak to device vendors using this portal.
 */

export type HelpTopic = { id: string; title: string; answer: string }
export type HelpGroup = { id: string; title: string; topics: readonly HelpTopic[] }

export const HELP_GROUPS: readonly HelpGroup[] = [
  {
    id: 'common-issues',
    title: 'Resolve common issues',
    topics: [
      {
        id: 'billing-and-payments',
        title: 'Billing and payments',
        answer:
          'Certification fees are invoiced per device once a certification run is started. The invoice goes to ' +
          'the email id of your portfolio manager and can be paid by bank transfer within 30 days.',
      },
      {
        id: 'check-network-status',
        title: 'Check network status',
        answer:
          'While the certification lab is unavailable, your devices show the status Maintenance on the dashboard. ' +
          'Their runs wait and resume on their own when the lab is back; you do not need to start them again.',
      },
      {
        id: 'fix-wi-fi-issues',
        title: 'Fix wi-fi issues',
        answer:
          'Restart the device, check that it runs the base firmware version you submitted, and keep it within ' +
          'range of the test access point. Then start a new run from the actions menu of the dashboard.',
      },
      {
        id: 'account-and-login-help',
        title: 'Account and login help',
        answer:
          'Your user id is the email id you registered with. If you forgot your password, choose Forgot Password ' +
          'on the sign-in page: we mail you a 6-digit code that is valid for 10 minutes.',
      },
    ],
  },
  {
    id: 'products-and-services',
    title: 'Get help with your products and services',
    topics: [
      {
        id: 'device-setup-and-installation',
        title: 'Device setup and installation',
        answer:
          'Ship the units whose serial numbers you listed in the device portfolio. The lab installs them as ' +
          'delivered, so flash the base firmware version you submitted before shipping.',
      },
      {
        id: 'general-service-inquiries',
        title: 'General service inquiries',
        answer:
          'Write to the support address on the Contact Us page with your organization name and, for a device, ' +
          'its name and product class. We answer within two working days.',
      },
      {
        id: 'certification-and-testing-support',
        title: 'Certification and testing support',
        answer:
          'Each run executes the test plan of your device type and product class. Download Results on the ' +
          'dashboard gives every test case with its log, as a printable report and as JSON.',
      },
      {
        id: 'device-remote',
        title: 'Device remote',
        answer:
          'Set-top boxes are certified with their remote control. Include one remote per unit, with batteries, ' +
          'and name its model in the description of your organization.',
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting questions',
    topics: [
      {
        id: 'device-not-working',
        title: 'My device is not working',
        answer:
          'Check the power supply and the status lights, then reset the device to factory settings. If it still ' +
          'does not boot, a run ends with Validation failure at the boot and provisioning case: ship a new unit.',
      },
      {
        id: 'device-slow',
        title: 'My device is slow',
        answer:
          'Throughput cases measure against fixed thresholds. Disable debug logging and any traffic shaping in ' +
          'the firmware under test, and make sure no other client shares the test channel.',
      },
      {
        id: 'router-not-connecting',
        title: 'My router is not connecting',
        answer:
          'Confirm the WAN settings for the product class (PPPoE, DHCP or static) and that the router obtains an ' +
          'address from the upstream line terminal. Optical units must range within the allowed power window.',
      },
      {
        id: 'weak-wi-fi',
        title: 'My Wi-Fi signal is weak',
        answer:
          'Place the access point away from metal and other radios, use the default antenna orientation, and ' +
          'check the regulatory domain: a wrong country code lowers the allowed transmit power.',
      },
    ],
  },
  {
    id: 'faq',
    title: 'FAQ',
    topics: [
      {
        id: 'start-service-on-phone',
        title: 'Can I start a service from my phone?',
        answer:
          'Yes. The portal works on a phone: sign in, open the dashboard and choose Start Certify from the actions ' +
          'menu of a submitted device.',
      },
      {
        id: 'bring-your-own-device',
        title: 'Can I bring my own device to the lab?',
        answer:
          'Yes, by appointment. Submit the device in the portfolio form first, then write to support with the ' +
          'date you would like; the lab confirms within two working days.',
      },
      {
        id: 'secure-device',
        title: 'How do I secure my device?',
        answer:
          'Ship it with a unique password per unit, remote management closed by default, and current TLS. The ' +
          'security baseline case checks open ports, default credentials and TLS versions.',
      },
      {
        id: 'return-policy-test-device',
        title: 'What is the return policy for test devices?',
        answer:
          'Units are returned within 30 days after the run completes, at your cost, unless you ask us to dispose ' +
          'of them. Engineering builds are always returned.',
      },
    ],
  },
]
